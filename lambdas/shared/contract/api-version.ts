import { version } from '../../../package.json';

/** The API's version as the OpenAPI document states it: the product's (package.json). */
export const apiVersion = version;
