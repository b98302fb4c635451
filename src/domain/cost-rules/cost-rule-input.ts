// Checks a cost rule as it will stand after a create or an update (the fields given over the stored ones)
// against the contract's rules: name and document types required; vendor_id required unless the rule is an
// EXTRA_COST rule or covers PRODUCTION_RUN; no vendor on an EXTRA_COST rule; an EXTRA_COST rule needs
// cost_basis and cost_basis_amount. Name uniqueness is checked by cost-rules.ts under a lock.
import type { CostRule } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/tenant-client.js';
import { formatDateOnly } from '../shared/dates.js';
import type { Decimal } from '../shared/decimal.js';
import type { FieldErrorCollector } from '../shared/errors.js';
import { checkDateOnly, checkDecimal, checkMaxLength, checkOneOf, checkRequiredText, humanName, LEDGER_DECIMAL } from '../shared/field-checks.js';
import {
  checkConditions,
  checkScopes,
  checkTiers,
  type ConditionRow,
  type CostRuleConditionInput,
  type CostRuleScopeInput,
  type CostRuleTierInput,
  type ScopeRow,
  type TierRow,
} from './cost-rule-children.js';
import { COST_ALLOCATION_TYPES, COST_BASES, COST_RULE_STATUSES, DOCUMENT_TYPES, OUTPUT_KINDS, TIER_MODES, TIER_QUANTITY_BASES } from './cost-rule-enums.js';

export interface CostRuleInput {
  vendorId?: number | null;
  name?: string | null;
  description?: string | null;
  documentTypes?: string[] | null;
  documentType?: string | null;
  status?: string | null;
  tierMode?: string | null;
  tierQuantityBasis?: string | null;
  priority?: number | null;
  isActive?: boolean | null;
  effectiveFrom?: string | null;
  effectiveTo?: string | null;
  moq?: Decimal | null;
  orderMultiple?: Decimal | null;
  outputKind?: string | null;
  extraCostItemName?: string | null;
  costAllocationType?: string | null;
  costBasis?: string | null;
  costBasisAmount?: Decimal | null;
  shipmentType?: string | null;
  options?: { autoApply?: boolean | null; addAsAdditionalFee?: boolean | null } | null;
  tiers?: CostRuleTierInput[] | null;
  scopes?: CostRuleScopeInput[] | null;
  conditions?: CostRuleConditionInput[] | null;
}

export interface CheckedCostRule {
  fields: {
    vendorId: number | null;
    name: string;
    description: string | null;
    documentTypes: string[];
    status: string;
    tierMode: string;
    tierQuantityBasis: string;
    priority: number;
    isActive: boolean;
    effectiveFrom: Date | null;
    effectiveTo: Date | null;
    moq: Decimal | null;
    orderMultiple: Decimal | null;
    outputKind: string;
    extraCostItemName: string | null;
    costAllocationType: string | null;
    costBasis: string | null;
    costBasisAmount: Decimal | null;
    shipmentType: string | null;
    options: { auto_apply: boolean; add_as_additional_fee: boolean };
  };
  /** Null when not given: the stored ones stay. */
  tiers: TierRow[] | null;
  scopes: ScopeRow[] | null;
  conditions: ConditionRow[] | null;
}

const DEFAULTS = { status: 'ACTIVE', tierMode: 'NON_GRADUATED', tierQuantityBasis: 'LINE', outputKind: 'UNIT_COST', priority: 0, isActive: true };

/** The rule to write; problems are collected (the caller throws). */
export async function checkCostRule(tx: TenantTx, input: CostRuleInput, stored: CostRule | null, errors: FieldErrorCollector): Promise<CheckedCostRule> {
  const creating = stored === null;
  const given = <K extends keyof CostRuleInput>(key: K) => input[key] !== undefined;
  const pick = <K extends keyof CostRuleInput & keyof CostRule>(key: K): any => (given(key) ? input[key] : stored?.[key]);
  const notNull = (field: keyof CostRuleInput & string) => {
    if (input[field] === null) errors.add(field, `The ${humanName(field)} may not be empty.`);
  };

  checkRequiredText(errors, 'name', input.name, creating);
  checkMaxLength(errors, 'name', input.name?.trim(), 255);
  const documentTypes = checkDocumentTypes(input, creating, errors) ?? stored?.documentTypes ?? [];
  for (const field of ['status', 'tierMode', 'tierQuantityBasis', 'outputKind', 'priority', 'isActive'] as const) notNull(field);
  const status = checkOneOf(errors, 'status', input.status, COST_RULE_STATUSES);
  const tierMode = checkOneOf(errors, 'tierMode', input.tierMode, TIER_MODES);
  const tierQuantityBasis = checkOneOf(errors, 'tierQuantityBasis', input.tierQuantityBasis, TIER_QUANTITY_BASES);
  const outputKind = checkOneOf(errors, 'outputKind', input.outputKind, OUTPUT_KINDS) ?? (given('outputKind') ? undefined : stored?.outputKind ?? DEFAULTS.outputKind);
  const costAllocationType = given('costAllocationType') ? checkOneOf(errors, 'costAllocationType', input.costAllocationType, COST_ALLOCATION_TYPES) ?? null : stored?.costAllocationType ?? null;
  const costBasis = given('costBasis') ? checkOneOf(errors, 'costBasis', input.costBasis, COST_BASES) ?? null : stored?.costBasis ?? null;
  for (const field of ['moq', 'orderMultiple'] as const) checkDecimal(errors, field, input[field], { ...LEDGER_DECIMAL, min: 0, minExclusive: true });
  checkDecimal(errors, 'costBasisAmount', input.costBasisAmount, { ...LEDGER_DECIMAL, min: 0 });
  checkMaxLength(errors, 'extraCostItemName', input.extraCostItemName, 255);
  checkMaxLength(errors, 'shipmentType', input.shipmentType, 64);
  const effectiveFrom = given('effectiveFrom') ? (input.effectiveFrom == null ? null : checkDateOnly(errors, 'effectiveFrom', input.effectiveFrom)) : stored?.effectiveFrom ?? null;
  const effectiveTo = given('effectiveTo') ? (input.effectiveTo == null ? null : checkDateOnly(errors, 'effectiveTo', input.effectiveTo)) : stored?.effectiveTo ?? null;
  if (effectiveFrom && effectiveTo && effectiveTo < effectiveFrom) errors.add('effectiveTo', `The effective to date may not be before the effective from date (${formatDateOnly(effectiveFrom)}).`);

  const vendorId: number | null = pick('vendorId') ?? null;
  if (given('vendorId') && vendorId !== null && !(await tx.supplier.findFirst({ where: { id: vendorId }, select: { id: true } }))) {
    errors.add('vendorId', `The selected vendor ${vendorId} does not exist.`);
  }
  const costBasisAmount: Decimal | null = pick('costBasisAmount') ?? null;
  if (outputKind === 'EXTRA_COST') {
    if (vendorId !== null) errors.add('vendorId', 'An EXTRA_COST rule may not have a vendor_id: scope it to suppliers with a condition of type SUPPLIER.');
    if (costBasis === null && !errors.errors.costBasis) errors.add('costBasis', 'An EXTRA_COST rule needs a cost basis.');
    if (costBasisAmount === null) errors.add('costBasisAmount', 'An EXTRA_COST rule needs a cost basis amount.');
  } else if (outputKind && vendorId === null && !documentTypes.includes('PRODUCTION_RUN') && !errors.errors.vendorId) {
    errors.add('vendorId', 'The vendor id field is required, unless output_kind is EXTRA_COST or the document type is PRODUCTION_RUN.');
  }

  if (input.tiers === null || input.scopes === null || input.conditions === null) {
    for (const field of ['tiers', 'scopes', 'conditions'] as const) if (input[field] === null) errors.add(field, `The ${field} may not be null: send [] to remove them.`);
  }
  const options = stored?.options as { auto_apply?: boolean; add_as_additional_fee?: boolean } | undefined;
  return {
    fields: {
      vendorId,
      name: input.name?.trim() ?? stored?.name ?? '',
      description: pick('description') ?? null,
      documentTypes,
      status: status ?? stored?.status ?? DEFAULTS.status,
      tierMode: tierMode ?? stored?.tierMode ?? DEFAULTS.tierMode,
      tierQuantityBasis: tierQuantityBasis ?? stored?.tierQuantityBasis ?? DEFAULTS.tierQuantityBasis,
      priority: input.priority ?? stored?.priority ?? DEFAULTS.priority,
      isActive: input.isActive ?? stored?.isActive ?? DEFAULTS.isActive,
      effectiveFrom,
      effectiveTo,
      moq: pick('moq') ?? null,
      orderMultiple: pick('orderMultiple') ?? null,
      outputKind: outputKind ?? DEFAULTS.outputKind,
      extraCostItemName: pick('extraCostItemName')?.trim() || null,
      costAllocationType,
      costBasis,
      costBasisAmount,
      shipmentType: pick('shipmentType')?.trim() || null,
      options: {
        auto_apply: input.options?.autoApply ?? (input.options === null ? false : options?.auto_apply ?? false),
        add_as_additional_fee: input.options?.addAsAdditionalFee ?? (input.options === null ? false : options?.add_as_additional_fee ?? false),
      },
    },
    tiers: input.tiers ? checkTiers(input.tiers, errors) : null,
    scopes: input.scopes ? await checkScopes(tx, input.scopes, errors) : null,
    conditions: input.conditions ? await checkConditions(tx, input.conditions, errors) : null,
  };
}

/** document_types (at least one), or the singular document_type; null when neither is given. */
function checkDocumentTypes(input: CostRuleInput, creating: boolean, errors: FieldErrorCollector): string[] | null {
  if (input.documentTypes === undefined && input.documentType == null) {
    if (creating) errors.add('documentTypes', 'The document types field is required (or the singular document_type).');
    return null;
  }
  if (input.documentTypes === null && input.documentType == null) {
    errors.add('documentTypes', 'The document types may not be empty.');
    return null;
  }
  const single = checkOneOf(errors, 'documentType', input.documentType, DOCUMENT_TYPES);
  if (input.documentTypes == null) return single ? [single] : null;
  if (input.documentTypes.length === 0) errors.add('documentTypes', 'Give at least one document type.');
  const listed = input.documentTypes.map((type, i) => checkOneOf(errors, `documentTypes.${i}`, type, DOCUMENT_TYPES));
  if (single && !listed.includes(single)) errors.add('documentType', 'The document type must be one of the document types given.');
  return [...new Set(listed.filter((t): t is (typeof DOCUMENT_TYPES)[number] => t !== undefined))];
}
