"""One module per puzzle (parse + render + JSON); modules starting with `_` are helpers."""
