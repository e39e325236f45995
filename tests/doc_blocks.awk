# doc_blocks.awk: the shell sessions of a Markdown file, for t_doc.sh.
# A session is a fenced block whose first line starts with "$ ". Each
# "$ COMMAND" line is run; the lines after it, up to the next "$ " line or
# the fence, are what it prints (stdout and stderr). A command ending in
# <<'EOF' takes the lines up to "EOF" as its standard input. A line "..."
# in the output stands for any number of lines. `make demo` prints
# commands of its own: the rest of its block is its output.
# Writes, for command N: DIR/N.line (its line in the file), DIR/N.cmd,
# DIR/N.in (its here-document), DIR/N.exp (what the block shows).
function flush() { if (n) close(dir "/" n ".exp") }
/^```/ {
	if (!fence) { fence = 1; first = 1; session = 0; next }
	fence = 0; session = 0; rest = 0; flush(); next
}
!fence { next }
first {
	first = 0
	if (substr($0, 1, 2) != "$ ") next
	session = 1
}
!session { next }
heredoc {
	if ($0 == "EOF") { heredoc = 0; close(dir "/" n ".in"); next }
	print > (dir "/" n ".in"); next
}
substr($0, 1, 2) == "$ " && !rest {
	flush()
	n++
	print FNR > (dir "/" n ".line"); close(dir "/" n ".line")
	cmd = substr($0, 3)
	print cmd > (dir "/" n ".cmd"); close(dir "/" n ".cmd")
	printf "" > (dir "/" n ".exp")
	printf "" > (dir "/" n ".in")
	if (cmd ~ /<<'EOF'$/) heredoc = 1
	if (cmd == "make demo") rest = 1
	next
}
{ print > (dir "/" n ".exp") }
