-- The rate-limit windows need no crash safety (docs/decisions/070): a commit that wrote only an
-- unlogged table does not wait for the WAL's flush, and every limited write counted here first.
ALTER TABLE "rate_limits" SET UNLOGGED;
