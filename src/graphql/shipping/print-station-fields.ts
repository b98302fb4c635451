// Print stations and printing labels on them: argument plumbing only; the rules live in src/domain/shipping.
import { builder } from '../builder.js';
import { compiledArray, compiledMutation, compiledRecord } from '../shared/compiled-records.js';
import { printStations as stations } from '../../domain/shipping/index.js';

builder.prismaObject('PrintStation', {
  description: 'A label printer of a warehouse, reached over raw TCP (port 9100 printing).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    warehouseId: t.exposeInt('warehouseId'),
    printerHost: t.exposeString('printerHost'),
    printerPort: t.exposeInt('printerPort'),
    labelFormat: t.exposeString('labelFormat', { description: 'zpl' }),
    enabled: t.exposeBoolean('enabled'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const PrintStationCreateInput = builder.inputType('PrintStationCreateInput', {
  fields: (t) => ({
    name: t.string({ required: false, description: 'Required; unique in the company; at most 255 characters.' }),
    warehouseId: t.int({ required: false, description: 'Required: a location of the company.' }),
    printerHost: t.string({ required: false, description: 'Required: a host name or IP address.' }),
    printerPort: t.int({ required: false, description: '1–65535, default 9100.' }),
    labelFormat: t.string({ required: false, description: '"zpl" (the only one), default zpl.' }),
    enabled: t.boolean({ required: false, description: 'Default true.' }),
  }),
});
const PrintStationUpdateInput = builder.inputType('PrintStationUpdateInput', {
  description: 'Every field is optional; only the fields given change.',
  fields: (t) => ({
    name: t.string({ required: false }),
    warehouseId: t.int({ required: false }),
    printerHost: t.string({ required: false }),
    printerPort: t.int({ required: false }),
    labelFormat: t.string({ required: false }),
    enabled: t.boolean({ required: false }),
  }),
});
const PrintLabelsInput = builder.inputType('PrintLabelsInput', {
  fields: (t) => ({
    shipmentId: t.int({ required: false, description: 'Required.' }),
    packageIds: t.intList({ required: false, description: "Packages of the shipment; default: the shipment's top-level packages." }),
  }),
});

const PrintResultRef = builder.objectRef<stations.PrintResult>('PrintResult').implement({
  fields: (t) => ({
    printed: t.exposeIntList('printed', { description: 'The packages whose labels were sent, in order.' }),
    bytes: t.exposeInt('bytes', { description: 'Bytes of ZPL sent to the printer.' }),
  }),
});

// The list and records written by one statement (compiled-records.ts); the resolvers below answer other selections.
compiledArray('printStations', 'PrintStation', (ctx, _args, query) => stations.listPrintStations(ctx.db, query));
compiledRecord('printStation', 'PrintStation', (ctx, args, query) => stations.getPrintStation(ctx.db, args.id, query));

builder.queryFields((t) => ({
  printStations: t.prismaField({
    type: ['PrintStation'],
    description: 'Every print station of the company, by name.',
    resolve: (query, _root, _args, ctx) => stations.listPrintStations(ctx.db, query),
  }),
  printStation: t.prismaField({
    type: 'PrintStation',
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => stations.getPrintStation(ctx.db, args.id, query),
  }),
}));

builder.mutationFields((t) => ({
  createPrintStation: t.prismaField({
    type: 'PrintStation',
    args: { input: t.arg({ type: PrintStationCreateInput, required: true }) },
    resolve: compiledMutation('createPrintStation', 'PrintStation', (ctx, args, query) => stations.createPrintStation(ctx.db, args.input, query)),
  }),
  updatePrintStation: t.prismaField({
    type: 'PrintStation',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: PrintStationUpdateInput, required: true }) },
    resolve: compiledMutation('updatePrintStation', 'PrintStation', (ctx, args, query) =>
      stations.updatePrintStation(ctx.db, args.id, args.input, query),
    ),
  }),
  deletePrintStation: t.prismaField({
    type: 'PrintStation',
    description: 'Deletes a print station. Returns what was deleted.',
    args: { id: t.arg.int({ required: true }) },
    resolve: compiledMutation('deletePrintStation', 'PrintStation', (ctx, args, query) => stations.deletePrintStation(ctx.db, args.id, query)),
  }),
  printShipmentLabels: t.field({
    type: PrintResultRef,
    description: 'Sends the ZPL labels of packages of a shipment to the station\'s printer over raw TCP.',
    args: { printStationId: t.arg.int({ required: true }), input: t.arg({ type: PrintLabelsInput, required: true }) },
    resolve: (_root, args, ctx) => stations.printShipmentLabels(ctx.db, args.printStationId, args.input, ctx.outbound),
  }),
}));
