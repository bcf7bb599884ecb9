-- The platform's default services and order options (SPEC §4: service 1 is the default;
-- SPEC §2: 8 options inline, the rest in a dropdown). Companies may add their own later.
INSERT INTO services (id, company_id, name, position) VALUES
  (1, NULL, 'Standard', 1),
  (2, NULL, 'Confort', 2),
  (3, NULL, 'Break', 3),
  (4, NULL, 'Microbuz', 4),
  (5, NULL, 'Livrare', 5)
ON CONFLICT (id) DO NOTHING;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('services', 'id'), GREATEST((SELECT max(id) FROM services), 1));--> statement-breakpoint
INSERT INTO order_options (company_id, key, name, position) VALUES
  (NULL, 'card', 'Plată cu cardul', 1),
  (NULL, 'animal', 'Animal de companie', 2),
  (NULL, 'child_seat', 'Scaun copil', 3),
  (NULL, 'big_trunk', 'Portbagaj mare', 4),
  (NULL, 'air_conditioning', 'Aer condiționat', 5),
  (NULL, 'non_smoking', 'Nefumător', 6),
  (NULL, 'english', 'Șofer vorbitor de engleză', 7),
  (NULL, 'wheelchair', 'Acces scaun cu rotile', 8),
  (NULL, 'receipt', 'Bon fiscal', 9),
  (NULL, 'quiet', 'Cursă liniștită', 10),
  (NULL, 'ski_rack', 'Suport schiuri', 11),
  (NULL, 'invoice', 'Factură pe firmă', 12)
ON CONFLICT DO NOTHING;
