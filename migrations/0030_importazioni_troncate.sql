-- A run's record keeps texts from the file cut short (server/import/registro.ts, issue 17): a
-- refused cell of 192 MiB made importazioni/rapporto and importazioni/errori fail (the answer
-- could not be written). Runs recorded before keep them whole: cut them as the importer now does.
UPDATE "importazioni_errori" SET
  "valore" = CASE WHEN length("valore") > 200 THEN left("valore", 200) || '… (troncato)' ELSE "valore" END,
  "colonna" = CASE WHEN length("colonna") > 200 THEN left("colonna", 200) || '… (troncato)' ELSE "colonna" END
WHERE length("valore") > 200 OR length("colonna") > 200;
