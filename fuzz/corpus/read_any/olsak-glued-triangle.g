#d
: colour rows
/4\
: columns
4
