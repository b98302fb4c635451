/** Where the REST API lives under each company's host; paths in links start with it. */
export const REST_BASE_PATH = '/external/api/v1';
