/**
 * Ports of the browser tests' own stack. E2E_PORT_OFFSET moves every port
 * (and the data folder) so two runs can share a machine.
 */
export const E2E_PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const E2E_PORTS = {
  app: 5180 + E2E_PORT_OFFSET,
  firestore: 8180 + E2E_PORT_OFFSET,
  auth: 9180 + E2E_PORT_OFFSET,
  hub: 4480 + E2E_PORT_OFFSET,
  logging: 4580 + E2E_PORT_OFFSET,
  media: 9380 + E2E_PORT_OFFSET,
};
