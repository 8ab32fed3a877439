import { adminOnly, type ApiTable } from '../api-spec';
import {
  createMachineSchema,
  listMachinesQuerySchema,
  machineCreatedSchema,
  machineSchema,
} from '../schemas/machine-data';
import { idParams } from '../schemas/params';
import { pageWithoutTotalSchema } from '../schemas/records';

/** Test benches and their machine keys (docs/machine-data.md). */
export const machineApi = {
  'GET /api/machines': {
    summary: 'A page of the machines in name order, revoked ones included',
    access: adminOnly,
    query: listMachinesQuerySchema,
    answers: { 200: pageWithoutTotalSchema(machineSchema) },
  },
  'POST /api/machines': {
    summary: 'Adds a machine; its key is in this answer only',
    access: adminOnly,
    body: createMachineSchema,
    answers: { 201: machineCreatedSchema },
  },
  'DELETE /api/machines/{id}': {
    summary: "Revokes a machine's key for good; the machine and its results stay",
    access: adminOnly,
    params: idParams,
    answers: { 200: machineSchema },
  },
} as const satisfies ApiTable;
