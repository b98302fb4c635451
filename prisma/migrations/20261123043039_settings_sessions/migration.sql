-- CreateTable
CREATE TABLE "SettingsSession" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "SettingsSession_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateIndex
CREATE INDEX "SettingsSession_companyId_userId_idx" ON "SettingsSession"("companyId", "userId");

-- AddForeignKey
ALTER TABLE "SettingsSession" ADD CONSTRAINT "SettingsSession_companyId_userId_fkey" FOREIGN KEY ("companyId", "userId") REFERENCES "User"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;
