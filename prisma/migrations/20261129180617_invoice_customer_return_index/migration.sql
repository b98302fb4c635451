-- CreateIndex
CREATE INDEX "Invoice_companyId_customerReturnId_idx" ON "Invoice"("companyId", "customerReturnId");
