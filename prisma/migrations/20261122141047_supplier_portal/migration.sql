-- AlterTable
ALTER TABLE "PurchaseOrder" ADD COLUMN     "portalLinkExpiresAt" TIMESTAMP(3),
ADD COLUMN     "portalLinkVersion" INTEGER NOT NULL DEFAULT 0;
