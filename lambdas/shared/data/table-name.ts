import { getConfig } from '../config';

/** The table's name, from the function's environment. */
export const tableName = () => getConfig().TABLE_NAME;
