/**
 * Toast texts, verbatim. Note: 'Сomanda retrimisa' and 'Сomanda dublicata' begin with
 * a Cyrillic 'С' (U+0421) in the spec; they are kept byte for byte so the texts match it.
 */
export const ORDER_MESSAGES = {
  created: 'Order created',
  canceled: 'Order canceled',
  retried: 'Сomanda retrimisa',
  duplicated: 'Сomanda dublicata',
  finished: 'Comanda finalizata',
  nameUpdated: 'Nume client actualizat',
  addressUpdated: 'Adresa actualizata',
  addressInvalid: 'Adresa invalida',
  commentUpdated: 'Observatii actualizate',
  commentNotUpdated: 'Observatii neactualizate. Verificati campurile',
  selectDriver: 'Please select driver',
  driversNotified: 'Comanda a fost trimisă șoferilor aleși',
  confirmCancel: 'Sigur vrei să ștergi comanda?',
  movedToPending: 'Salvat cu succes!',
  paymentUpdated: 'Salvat cu succes!',
  removedFromCall: 'Salvat cu succes!',
} as const;
