// What other features may use of this one; web/app imports the shell directly. 'Mesaj' buttons
// elsewhere use web/components/MessageButton (features do not import each other for it).
export {};
