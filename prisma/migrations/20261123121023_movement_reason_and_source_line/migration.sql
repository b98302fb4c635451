-- A movement's reason is its document's (or line's) reason, which documents take up to 255 characters: at 64, a
-- longer one failed the posting with an internal error. And a document's movements by line: the source index
-- gains the line, so reading one line's movements of a large document is one probe, not a scan of the document.
-- DropIndex
DROP INDEX "StockMovement_companyId_sourceType_sourceId_idx";

-- AlterTable
ALTER TABLE "StockMovement" ALTER COLUMN "reason" SET DATA TYPE VARCHAR(255);

-- CreateIndex
CREATE INDEX "StockMovement_companyId_sourceType_sourceId_sourceLineId_idx" ON "StockMovement"("companyId", "sourceType", "sourceId", "sourceLineId");
