-- Moves are stored in the engines' own notation: the bridge claim
-- "claim 9", stored as "claim_9" before version 3, gets its space back.
UPDATE moves SET action = 'claim ' || substr(action, 7) WHERE action LIKE 'claim!_%' ESCAPE '!';
