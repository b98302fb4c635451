-- CreateTable
CREATE TABLE "IdempotencyKey" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "tokenId" INTEGER NOT NULL,
    "key" VARCHAR(255) NOT NULL,
    "fingerprint" VARCHAR(64) NOT NULL,
    "method" VARCHAR(8) NOT NULL,
    "path" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),
    "status" INTEGER,
    "contentType" TEXT,
    "body" TEXT,

    CONSTRAINT "IdempotencyKey_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateIndex
CREATE INDEX "IdempotencyKey_companyId_createdAt_idx" ON "IdempotencyKey"("companyId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "IdempotencyKey_companyId_tokenId_key_key" ON "IdempotencyKey"("companyId", "tokenId", "key");
