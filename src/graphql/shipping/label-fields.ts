// Shipping labels of packages (ZPL, and PNG through the external renderer): argument plumbing only.
import { builder } from '../builder.js';
import { labelData as labels } from '../../domain/fulfillment/index.js';

export const PackageLabelRef = builder.objectRef<labels.PackageLabel>('PackageLabel').implement({
  description: 'The GS1-128 shipping label of a package (4 × 6 in, 203 dpi).',
  fields: (t) => ({
    shipmentId: t.exposeInt('shipmentId'),
    packageId: t.exposeInt('packageId'),
    sscc: t.exposeString('sscc', { description: '18 digits; printed as a GS1-128 barcode with application identifier (00).' }),
    zpl: t.exposeString('zpl', { description: 'The label as ZPL II, from ^XA to ^XZ.' }),
    png: t.string({
      description:
        'The label as a PNG image, base64, rendered by the label rendering service at LABEL_RENDER_URL when this field is asked for. Not set → VALIDATION_FAILED on format; a failure of the renderer → BAD_GATEWAY.',
      resolve: async (label, _args, ctx) => (await labels.renderLabelPng(label.zpl, ctx.outbound)).toString('base64'),
    }),
  }),
});

builder.queryFields((t) => ({
  shipmentPackageLabel: t.field({
    type: PackageLabelRef,
    description: 'The shipping label of a package of the shipment (any level of nesting).',
    args: { shipmentId: t.arg.int({ required: true }), packageId: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => labels.packageLabel(ctx.db, args.shipmentId, args.packageId),
  }),
}));
