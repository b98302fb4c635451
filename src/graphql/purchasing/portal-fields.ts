// The supplier portal link of a purchase order and the acceptance of proposed changes. Rules in
// src/domain/purchasing/supplier-portal.ts; the page itself is served by src/portal.
import { builder } from '../builder.js';
import { supplierPortal as portal } from '../../domain/purchasing/index.js';
import { PORTAL_PATH, portalToken } from '../../portal/portal-token.js';
import { compiledMutation } from '../shared/compiled-records.js';

const PortalLinkRef = builder.objectRef<{ url: string; expiresAt: Date }>('SupplierPortalLink').implement({
  fields: (t) => ({
    url: t.exposeString('url', { description: 'Open it without an account; it works until it expires or is revoked.' }),
    expiresAt: t.field({ type: 'DateTime', resolve: (link) => link.expiresAt }),
  }),
});

const PortalRevokedRef = builder.objectRef<{ purchaseOrderId: number; revoked: boolean }>('SupplierPortalLinkRevoked').implement({
  fields: (t) => ({ purchaseOrderId: t.exposeInt('purchaseOrderId'), revoked: t.exposeBoolean('revoked') }),
});

const PortalLinkInput = builder.inputType('SupplierPortalLinkInput', {
  fields: (t) => ({ expiresInDays: t.int({ required: false, description: '1 to 90; default 14.' }) }),
});

builder.mutationFields((t) => ({
  createSupplierPortalLink: t.field({
    type: PortalLinkRef,
    description: 'Opens a one-click link for the supplier of a submitted order; an earlier link stops working.',
    args: { purchaseOrderId: t.arg.int({ required: true }), input: t.arg({ type: PortalLinkInput, required: false }) },
    resolve: async (_root, args, ctx) => {
      const grant = await portal.openPortalLink(ctx.db, args.purchaseOrderId, args.input?.expiresInDays);
      const token = portalToken(ctx.secretKey, { companyId: ctx.company.id, orderId: grant.purchaseOrderId, version: grant.version });
      return { url: `${ctx.origin}${PORTAL_PATH}/${token}`, expiresAt: grant.expiresAt };
    },
  }),
  revokeSupplierPortalLink: t.field({
    type: PortalRevokedRef,
    args: { purchaseOrderId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => portal.revokePortalLink(ctx.db, args.purchaseOrderId),
  }),
  acceptSupplierResponse: t.prismaField({
    type: 'PurchaseOrder',
    description: "Applies the supplier's proposed quantities, unit costs and dates to a submitted order.",
    args: { purchaseOrderId: t.arg.int({ required: true }) },
    resolve: compiledMutation('acceptSupplierResponse', 'PurchaseOrder', (ctx, args, query) => portal.acceptSupplierResponse(ctx.db, args.purchaseOrderId, query)),
  }),
}));
