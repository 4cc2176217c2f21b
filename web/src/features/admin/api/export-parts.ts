/**
 * GET /api/parts/export.csv: the catalogue as a CSV file. A link to it downloads the file (the
 * answer's content-disposition names it); nothing is read into the page.
 */
export const PARTS_CSV_URL = '/api/parts/export.csv';
