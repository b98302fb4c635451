-- AlterTable
ALTER TABLE "BillAllocation" ADD COLUMN     "issuedAmountBase" DECIMAL(24,10) NOT NULL DEFAULT 0;
