-- AlterTable
ALTER TABLE "SalesOrder" ADD COLUMN     "intakePayload" JSONB;
