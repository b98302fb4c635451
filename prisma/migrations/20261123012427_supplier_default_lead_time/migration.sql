-- AlterTable
ALTER TABLE "Supplier" ADD COLUMN     "defaultLeadTimeDays" INTEGER;
