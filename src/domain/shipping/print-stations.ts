// Print stations: a label printer of a warehouse reached over raw TCP (port 9100 printing), and printing the
// ZPL labels of a shipment's packages on one.
//
// Rules: name required, at most 255 characters, unique in the company; warehouse_id a location of the company;
// printer_host a host name or IP address (at most 255 characters, no spaces); printer_port 1–65535, default
// 9100; label_format "zpl" (the only one); enabled default true. Printing on a disabled station → 422 on
// enabled; package_ids, when given, must be packages of the shipment (422 at package_ids.N), default: the
// shipment's top-level packages. The labels go to the printer in one connection, in order.
import { isIP } from 'node:net';
import { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import type { OutboundPolicy } from '../../outbound/http-request.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkMaxLength, checkRequiredText } from '../shared/field-checks.js';
import { readAnswer, type AnswerQuery, type PassThroughQuery } from '../shared/pass-through-query.js';
import { shipmentLabels } from '../fulfillment/index.js';
import { sendToPrinter } from './printer.js';

export const LABEL_FORMATS = ['zpl'] as const;
export const DEFAULT_PRINTER_PORT = 9100;

export interface PrintStationInput {
  name?: string | null;
  warehouseId?: number | null;
  printerHost?: string | null;
  printerPort?: number | null;
  labelFormat?: string | null;
  enabled?: boolean | null;
}

export interface PrintInput {
  shipmentId?: number | null;
  packageIds?: number[] | null;
}

export interface PrintResult {
  printed: number[];
  bytes: number;
}

const HOST = /^(?=.{1,255}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*\.?$/;

export function listPrintStations(db: TenantDb, query: PassThroughQuery = {}) {
  return db.printStation.findMany({ ...query, orderBy: [{ name: 'asc' }, { id: 'asc' }] });
}

export async function getPrintStation(db: TenantDb | TenantTx, id: number, query: PassThroughQuery = {}) {
  const station = await db.printStation.findUnique({ ...query, where: byId(id) });
  if (!station) throw new NotFoundError('Print station', id);
  return station;
}

export async function createPrintStation(db: TenantDb, input: PrintStationInput, query: AnswerQuery = {}) {
  await checkInput(db, input, null);
  try {
    // A transaction so that the answer is read with the write.
    return await db.$transaction(async (tx) => {
      const created = await tx.printStation.create({
        data: {
          name: input.name!.trim(),
          warehouseId: input.warehouseId!,
          printerHost: input.printerHost!.trim(),
          printerPort: input.printerPort ?? DEFAULT_PRINTER_PORT,
          labelFormat: input.labelFormat ?? 'zpl',
          enabled: input.enabled ?? true,
        } as Prisma.PrintStationUncheckedCreateInput,
      });
      return readAnswer(tx, created.id, query, (q) => tx.printStation.findUniqueOrThrow({ ...q, where: byId(created.id) }));
    });
  } catch (error) {
    throw duplicateName(error) ?? error;
  }
}

export async function updatePrintStation(db: TenantDb, id: number, input: PrintStationInput, query: AnswerQuery = {}) {
  await getPrintStation(db, id);
  await checkInput(db, input, id);
  try {
    // A transaction so that the answer is read with the write.
    return await db.$transaction(async (tx) => {
      await tx.printStation.update({
        where: byId(id),
        data: {
          ...(input.name != null ? { name: input.name.trim() } : {}),
          ...(input.warehouseId != null ? { warehouseId: input.warehouseId } : {}),
          ...(input.printerHost != null ? { printerHost: input.printerHost.trim() } : {}),
          ...(input.printerPort != null ? { printerPort: input.printerPort } : {}),
          ...(input.labelFormat != null ? { labelFormat: input.labelFormat } : {}),
          ...(input.enabled != null ? { enabled: input.enabled } : {}),
        },
      });
      return readAnswer(tx, id, query, (q) => tx.printStation.findUniqueOrThrow({ ...q, where: byId(id) }));
    });
  } catch (error) {
    throw duplicateName(error) ?? error;
  }
}

export async function deletePrintStation(db: TenantDb, id: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    // Found in the transaction that deletes it: one deleted meanwhile is a 404, never an answer about nothing.
    await getPrintStation(tx, id, { select: { id: true } });
    const station = await readAnswer(tx, id, query, (q) => tx.printStation.findUniqueOrThrow({ ...q, where: byId(id) }));
    await tx.printStation.delete({ where: byId(id) });
    return station;
  });
}

export async function printShipmentLabels(db: TenantDb, stationId: number, input: PrintInput, outbound: OutboundPolicy): Promise<PrintResult> {
  const station = await getPrintStation(db, stationId);
  const errors = new FieldErrorCollector();
  if (!station.enabled) errors.add('enabled', `The print station "${station.name}" is disabled; enable it to print.`);
  if (input.shipmentId == null) errors.add('shipmentId', 'The shipment id field is required.');
  if (input.packageIds != null && input.packageIds.length === 0) errors.add('packageIds', 'Give at least one package id, or leave package_ids out to print every top-level package.');
  errors.throwIfAny();

  const shipment = await db.shipment.findUnique({ where: byId(input.shipmentId!), select: { id: true, packages: { select: { id: true } } } });
  if (!shipment) throw new ValidationError({ shipmentId: [`The shipment ${input.shipmentId} does not exist.`] });
  const own = new Set(shipment.packages.map((p) => p.id));
  const seen = new Set<number>();
  (input.packageIds ?? []).forEach((id, index) => {
    if (!own.has(id)) errors.add(`packageIds.${index}`, `The package ${id} is not a package of shipment ${shipment.id}.`);
    else if (seen.has(id)) errors.add(`packageIds.${index}`, `The package ${id} is listed twice.`);
    seen.add(id);
  });
  errors.throwIfAny();

  const labels = await shipmentLabels(db, shipment.id, input.packageIds ?? null);
  if (labels.length === 0) throw new ValidationError({ shipmentId: [`The shipment ${shipment.id} has no packages to print.`] });
  const data = Buffer.from(labels.map((l) => l.zpl).join(''), 'utf8');
  const system = `the printer of print station "${station.name}" (${station.printerHost}:${station.printerPort})`;
  const bytes = await sendToPrinter({ system, host: station.printerHost, port: station.printerPort }, data, outbound);
  return { printed: labels.map((l) => l.packageId), bytes };
}

async function checkInput(db: TenantDb, input: PrintStationInput, id: number | null): Promise<void> {
  const creating = id === null;
  const errors = new FieldErrorCollector();
  checkRequiredText(errors, 'name', input.name, creating);
  checkMaxLength(errors, 'name', input.name, 255);
  if (input.warehouseId === undefined ? creating : input.warehouseId === null) errors.add('warehouseId', 'The warehouse id field is required.');
  if (creating && input.printerHost === undefined) errors.add('printerHost', 'The printer host field is required.');
  else if (input.printerHost !== undefined) {
    const host = input.printerHost?.trim() ?? '';
    if (host === '' || !(HOST.test(host) || isIP(host.replace(/^\[|\]$/g, '')) !== 0)) errors.add('printerHost', 'The printer host must be a host name or an IP address.');
  }
  if (input.printerPort != null && (!Number.isInteger(input.printerPort) || input.printerPort < 1 || input.printerPort > 65535)) {
    errors.add('printerPort', 'The printer port must be an integer from 1 to 65535.');
  }
  if (input.labelFormat != null && !(LABEL_FORMATS as readonly string[]).includes(input.labelFormat)) {
    errors.add('labelFormat', `The label format must be one of: ${LABEL_FORMATS.join(', ')}.`);
  }
  if (input.warehouseId != null && !(await db.location.findUnique({ where: byId(input.warehouseId), select: { id: true } }))) {
    errors.add('warehouseId', `The location ${input.warehouseId} does not exist.`);
  }
  if (typeof input.name === 'string' && input.name.trim() !== '') {
    const clash = await db.printStation.findFirst({ where: { name: input.name.trim(), ...(id !== null ? { id: { not: id } } : {}) }, select: { id: true } });
    if (clash) errors.add('name', `A print station named "${input.name.trim()}" already exists.`);
  }
  errors.throwIfAny();
}

function duplicateName(error: unknown): ValidationError | null {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return new ValidationError({ name: ['A print station with this name already exists.'] });
  return null;
}
