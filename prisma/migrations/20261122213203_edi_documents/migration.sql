-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "ediSenderId" VARCHAR(15),
ADD COLUMN     "ediSenderQualifier" VARCHAR(2);

-- AlterTable
ALTER TABLE "SalesChannel" ADD COLUMN     "ediEnabled" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "ediEndpointUrl" VARCHAR(2048),
ADD COLUMN     "ediPartnerId" VARCHAR(15),
ADD COLUMN     "ediQualifier" VARCHAR(2);

-- CreateTable
CREATE TABLE "EdiDocument" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "direction" VARCHAR(8) NOT NULL,
    "type" VARCHAR(3) NOT NULL,
    "channelId" INTEGER NOT NULL,
    "controlNumber" INTEGER NOT NULL,
    "groupControlNumber" INTEGER NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'pending',
    "referenceType" VARCHAR(32),
    "referenceId" INTEGER,
    "error" TEXT,
    "raw" TEXT NOT NULL,
    "sentAt" TIMESTAMP(3),
    "acknowledgedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EdiDocument_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateIndex
CREATE INDEX "EdiDocument_companyId_createdAt_idx" ON "EdiDocument"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "EdiDocument_companyId_channelId_direction_groupControlNumbe_idx" ON "EdiDocument"("companyId", "channelId", "direction", "groupControlNumber");

-- CreateIndex
CREATE INDEX "EdiDocument_companyId_referenceType_referenceId_idx" ON "EdiDocument"("companyId", "referenceType", "referenceId");

-- AddForeignKey
ALTER TABLE "EdiDocument" ADD CONSTRAINT "EdiDocument_companyId_channelId_fkey" FOREIGN KEY ("companyId", "channelId") REFERENCES "SalesChannel"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;
