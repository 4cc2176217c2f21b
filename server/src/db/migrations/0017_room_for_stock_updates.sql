-- Every purchase, checkout and cancellation updates its parts' stock (available_quantity), a
-- column no index reads. PostgreSQL can then keep the new row version on the same page and write
-- no index entry (a HOT update), but only if that page has room: with the default fillfactor of
-- 100 a catalogue's pages are full, so each stock update wrote a new entry into every index of
-- `parts`, the four GIN indexes (name, description, search document, attributes) among them, and
-- grew their pending lists, which every search then reads. A tenth of each page is now kept free
-- for the next versions of its rows. Pages written before this migration fill as they are
-- rewritten (a row's next version goes to a page with room).
ALTER TABLE "parts" SET (fillfactor = 90);
