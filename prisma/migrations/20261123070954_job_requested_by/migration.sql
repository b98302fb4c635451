-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "requestedBy" JSONB;
