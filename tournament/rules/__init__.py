"""The rules of entrants (names, ratings, keys) and the names of rulesets and tie-breaks."""
