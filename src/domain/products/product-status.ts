// A product's status: deactivated products (kept because history points at them) are invisible to the service.
export const ACTIVE = 1;
export const DEACTIVATED = 0;
