ALTER TABLE "order_options" ADD COLUMN "packages" integer[] DEFAULT '{1}'::int[] NOT NULL;--> statement-breakpoint
-- Paying by card, a receipt and a company invoice fit every package; the other defaults are
-- a ride's. Deliveries (2 courier, 3 restaurant) get options of their own.
UPDATE order_options SET packages = '{1,2,3}'
  WHERE company_id IS NULL AND key IN ('card', 'receipt', 'invoice');--> statement-breakpoint
INSERT INTO order_options (company_id, key, name, position, packages) VALUES
  (NULL, 'fragile', 'Fragil', 13, '{2,3}'),
  (NULL, 'call_before', 'Sună înainte de livrare', 14, '{2,3}'),
  (NULL, 'cash_on_delivery', 'Plată ramburs', 15, '{2,3}'),
  (NULL, 'leave_at_door', 'Lasă la ușă', 16, '{2,3}'),
  (NULL, 'documents', 'Documente', 17, '{2}'),
  (NULL, 'proof_of_delivery', 'Confirmare de primire', 18, '{2}'),
  (NULL, 'bulky', 'Colet voluminos', 19, '{2}'),
  (NULL, 'thermal_bag', 'Geantă termică', 20, '{3}'),
  (NULL, 'cutlery', 'Tacâmuri', 21, '{3}'),
  (NULL, 'keep_upright', 'A se ține vertical', 22, '{2,3}')
ON CONFLICT DO NOTHING;
