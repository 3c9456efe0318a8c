-- Column username_skeleton: the confusable skeleton of an account's name
-- (Unicode TR39's skeleton of its case-folded NFKC form, see
-- usernameSkeleton), unique, so that a new name that looks like a taken one
-- ("victım" or "victİm" beside "victim") is refused. NULL for guests, and
-- for accounts until the store fills it in when it opens; an account made
-- before this column whose skeleton an older account holds keeps its name
-- and gets '#' and its id instead (a skeleton never holds '#').
ALTER TABLE users ADD COLUMN username_skeleton TEXT;
CREATE UNIQUE INDEX users_username_skeleton ON users (username_skeleton);
