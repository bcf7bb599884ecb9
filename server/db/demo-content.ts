/** The public privacy page served as content 1 (SPEC §2 /driver/privacy, /content). */
export const PRIVACY_PAGE = {
  title: 'Politica de confidențialitate pentru șoferi',
  content: `<h2>Ce date prelucrăm</h2>
<p>Pentru a vă transmite comenzi, dispeceratul prelucrează numele, numărul de telefon, indicativul mașinii,
numărul de înmatriculare și poziția dumneavoastră cât timp sunteți conectat în aplicația pentru șoferi.</p>
<h2>De ce</h2>
<ul>
<li>pentru a găsi cel mai apropiat șofer liber pentru o comandă;</li>
<li>pentru a afișa clientului mașina care vine spre el;</li>
<li>pentru istoricul curselor și decontări.</li>
</ul>
<h2>Cât timp</h2>
<p>Pozițiile GPS se păstrează cel mult 30 de zile; istoricul curselor, cât cere legislația contabilă.</p>
<h2>Drepturile dumneavoastră</h2>
<p>Puteți cere acces, rectificare sau ștergere scriind la <a href="mailto:contact@ogo.local">contact@ogo.local</a>.</p>`,
};
