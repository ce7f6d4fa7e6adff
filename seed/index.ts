/**
 * The one entry of seed/ that the server may use: `npm start` loads the demo data into an empty
 * database. Everything else in seed/ is for the CLI, the bench and the tests.
 */
export { isDatabaseEmpty, seedDemo } from './demo.js';
