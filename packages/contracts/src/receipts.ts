// Receipts (回执) of an online query or a batch job: spec 01 §2.5, §3, §4, §7.2, §9; issue #21.
// Declared by the receipts work (modules/receipts on the server, /createImgZip and /print on the web).
export const receiptsApi = {};
