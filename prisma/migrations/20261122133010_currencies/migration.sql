-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "baseCurrency" VARCHAR(3) NOT NULL DEFAULT 'USD';

-- CreateTable
CREATE TABLE "ExchangeRate" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "fromCurrency" VARCHAR(3) NOT NULL,
    "toCurrency" VARCHAR(3) NOT NULL,
    "rate" DECIMAL(30,15) NOT NULL,
    "asOf" DATE NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ExchangeRate_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ExchangeRate_companyId_fromCurrency_toCurrency_asOf_key" ON "ExchangeRate"("companyId", "fromCurrency", "toCurrency", "asOf");
