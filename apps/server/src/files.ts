// The libraries that write files (spreadsheets, PDFs), loaded when a file is first written: every
// process imports the modules that can export, few export, and the two cost a quarter of a
// second of start-up (and of every test file that builds the app).
export const loadExcel = async () => (await import('exceljs')).default;
export const loadPdfKit = async () => (await import('pdfkit')).default;
