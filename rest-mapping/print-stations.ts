// Print stations (issue 12): label printers of warehouses reached over raw TCP, and printing a shipment's labels.
import type { RestRoute } from '../src/rest/route.js';

const STATION_FIELDS = 'id name warehouseId printerHost printerPort labelFormat enabled createdAt updatedAt';
const tag = 'Print Stations';
const FIELDS_NOTE =
  '{name (required, unique, at most 255 characters), warehouse_id (required, a location), printer_host (required, host name or IP address), printer_port (1–65535, default 9100), label_format ("zpl", the only one, default), enabled (default true)}; a wrong field → 422 naming it.';

export const printStationRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/print-stations',
    operationId: 'listPrintStations',
    tag,
    summary: 'List print stations',
    description: 'Every print station of the company, by name.',
    graphql: /* GraphQL */ `query ListPrintStations { printStations { ${STATION_FIELDS} } }`,
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/print-stations',
    operationId: 'createPrintStation',
    tag,
    summary: 'Create a print station',
    description: FIELDS_NOTE,
    graphql: /* GraphQL */ `mutation CreatePrintStation($input: PrintStationCreateInput!) { createPrintStation(input: $input) { ${STATION_FIELDS} } }`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'GET',
    path: '/print-stations/{id}',
    operationId: 'getPrintStation',
    tag,
    summary: 'Get a print station',
    graphql: /* GraphQL */ `query GetPrintStation($id: Int!) { printStation(id: $id) { ${STATION_FIELDS} } }`,
    pathParams: { id: 'id' },
    envelope: 'data',
  },
  {
    method: 'PATCH',
    path: '/print-stations/{id}',
    operationId: 'updatePrintStation',
    tag,
    summary: 'Update a print station',
    description: `Only the fields given change. ${FIELDS_NOTE}`,
    graphql: /* GraphQL */ `mutation UpdatePrintStation($id: Int!, $input: PrintStationUpdateInput!) { updatePrintStation(id: $id, input: $input) { ${STATION_FIELDS} } }`,
    pathParams: { id: 'id' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'DELETE',
    path: '/print-stations/{id}',
    operationId: 'deletePrintStation',
    tag,
    summary: 'Delete a print station',
    description: 'Answers the deleted station.',
    graphql: /* GraphQL */ `mutation DeletePrintStation($id: Int!) { deletePrintStation(id: $id) { ${STATION_FIELDS} } }`,
    pathParams: { id: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/print-stations/{id}/print',
    upstream: 'the printer',
    operationId: 'printShipmentLabels',
    tag,
    summary: "Print a shipment's labels on the station's printer",
    description:
      '{shipment_id, package_ids?}: the ZPL label of each package (see GET /shipments/{id}/packages/{packageId}/label.zpl), default every top-level package of the shipment, sent in one raw TCP connection ' +
      '(port 9100 printing) to printer_host:printer_port: connect (5 s time-out), write, close. Answers {data: {printed: [package ids], bytes}}. ' +
      'A disabled station → 422 on enabled; a missing or unknown shipment → 422 on shipment_id; a package of another shipment → 422 on package_ids.N. ' +
      'A refused connection, a time-out or a broken connection → 502 {message} naming the printer; private and loopback printer addresses are refused (502) unless the service runs with ALLOW_PRIVATE_OUTBOUND=true.',
    graphql: /* GraphQL */ `mutation PrintShipmentLabels($printStationId: Int!, $input: PrintLabelsInput!) { printShipmentLabels(printStationId: $printStationId, input: $input) { printed bytes } }`,
    pathParams: { id: 'printStationId' },
    bodyVariable: 'input',
    envelope: 'data',
  },
];
