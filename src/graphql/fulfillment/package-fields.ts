// Queries and mutations of shipment packages: argument plumbing only.
import { builder } from '../builder.js';
import { packages } from '../../domain/fulfillment/index.js';
import { compiledArray, compiledListMutation } from '../shared/compiled-records.js';
import { ShipmentPackagesInput } from './package-types.js';

// A shipment's top-level packages (in packing order), written by one statement with their children and items;
// the resolver below answers other selections.
compiledArray('shipmentPackages', 'ShipmentPackage', (ctx, args, query) => packages.getShipmentPackages(ctx.db, args.shipmentId, query));

builder.queryFields((t) => ({
  shipmentPackages: t.prismaField({
    type: ['ShipmentPackage'],
    description: 'The top-level packages of a shipment; children nest under child_packages.',
    args: { shipmentId: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => packages.getShipmentPackages(ctx.db, args.shipmentId, query),
  }),
}));

builder.mutationFields((t) => ({
  createShipmentPackages: t.prismaField({
    type: ['ShipmentPackage'],
    description: 'Packs a shipment: nested packages with items; answers the top-level packages created.',
    args: {
      salesOrderId: t.arg.int({ required: true }),
      shipmentId: t.arg.int({ required: true }),
      input: t.arg({ type: ShipmentPackagesInput, required: true }),
    },
    resolve: compiledListMutation('createShipmentPackages', 'ShipmentPackage', (ctx, args, query) =>
      packages.createShipmentPackages(ctx.db, args.salesOrderId, args.shipmentId, args.input, query),
    ),
  }),
}));
