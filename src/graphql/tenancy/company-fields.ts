// The current company: `company` and `updateCompany` (REST: GET/PATCH /company). Rules in
// src/domain/tenancy/company-profile.ts.
import { builder } from '../builder.js';
import { currentCompany, updateCompanyProfile } from '../../domain/tenancy/index.js';

export const CompanyRef = builder.prismaObject('Company', {
  description: 'The company (tenant) the API token belongs to.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    slug: t.exposeString('slug', { description: 'The subdomain of the company: https://{slug}.{BASE_DOMAIN}.' }),
    name: t.exposeString('name'),
    baseCurrency: t.exposeString('baseCurrency', {
      description: 'ISO 4217 code that stock is valued in and reports add up in. Fixed once stock has been valued.',
    }),
    gs1CompanyPrefix: t.exposeString('gs1CompanyPrefix', {
      nullable: true,
      description: 'GS1 company prefix (6 to 12 digits): the SSCCs the service assigns to shipment packages start with it.',
    }),
    ediSenderId: t.exposeString('ediSenderId', { nullable: true, description: 'The interchange id the company sends X12 EDI as (ISA06, GS02).' }),
    ediSenderQualifier: t.exposeString('ediSenderQualifier', { nullable: true, description: 'The qualifier of ediSenderId (ISA05), e.g. ZZ.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const CompanyUpdateInput = builder.inputType('CompanyUpdateInput', {
  description: 'Every field is optional; only the fields given change.',
  fields: (t) => ({
    name: t.string({ required: false, description: 'At most 255 characters.' }),
    baseCurrency: t.string({ required: false, description: 'ISO 4217 code, such as USD.' }),
    gs1CompanyPrefix: t.string({ required: false, description: '6 to 12 digits; null or empty clears it.' }),
    ediSenderId: t.string({ required: false, description: '1–15 characters (letters, digits, space . - _ /); null clears it.' }),
    ediSenderQualifier: t.string({ required: false, description: '2 characters, e.g. ZZ or 01; null clears it.' }),
  }),
});

builder.queryField('company', (t) =>
  t.prismaField({ type: 'Company', description: 'The current company.', resolve: (_query, _root, _args, ctx) => currentCompany(ctx.db) }),
);

builder.mutationField('updateCompany', (t) =>
  t.prismaField({
    type: 'Company',
    args: { input: t.arg({ type: CompanyUpdateInput, required: true }) },
    resolve: (_query, _root, args, ctx) => updateCompanyProfile(ctx.db, args.input),
  }),
);
