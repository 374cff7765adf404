Smile: a hand-written example of Olsak's .g format.
Lines before the first ':' line are comments.
: rows
1 1
1 1

1 1
3
: columns
1
2 1
1
2 1
1
: end
Text after the last ':' line is ignored.
