#!/usr/bin/env bash
# End-to-end checks of `loupe ca` with the built binary: the CA made on first use in a private
# folder, the trust guide, the path, PEM and DER exports that openssl reads, regenerate, and the
# refusals (a key others can read, a damaged certificate, DER to a terminal).
# Usage: scripts/e2e/ca.sh PATH/TO/loupe   (prints one line per failed check; exit 1 on any)
set -uo pipefail
source "$(dirname "$0")/../lib/e2e-harness.sh"
cd "$work" || exit 1
dir="$work/home/ca"
mode() { stat -c %a "$1" 2>/dev/null || stat -f %Lp "$1"; }

run "loupe ca creates the CA on first use" 0 "$loupe" ca --dir "$dir"
has "it says it made one" "$out" "Loupe made its certificate authority"
has "the certificate's path" "$out" "certificate  $dir/ca.pem"
has "its unique name" "$out" "name         Loupe CA [^ ]+ [0-9a-f]{8}"
has "its expiry" "$out" "expires      20[0-9]{2}-[0-9]{2}-[0-9]{2} .* \(in 36[45] days\)"
has "curl" "$out" "curl --cacert $dir/ca.pem"
has "OpenSSL-based tools" "$out" "SSL_CERT_FILE=$dir/ca.pem"
has "Python requests" "$out" "REQUESTS_CA_BUNDLE=$dir/ca.pem"
has "Node" "$out" "NODE_EXTRA_CA_CERTS=$dir/ca.pem"
has "Swift" "$out" "additionalTrustRoots = \[\.file\(\"$dir/ca.pem\"\)\]"
has "Debian's store" "$out" "/usr/local/share/ca-certificates/loupe-ca.crt"
has "how to remove it" "$out" "update-ca-certificates --fresh"
has "the security note" "$out" "can impersonate any website"
[ "$(mode "$dir")" = 700 ] && pass || fail "the CA folder has mode $(mode "$dir"), wanted 700"
[ "$(mode "$dir/ca-key.pem")" = 600 ] && pass || fail "the key has mode $(mode "$dir/ca-key.pem"), wanted 600"
[ "$(mode "$dir/ca.pem")" = 644 ] && pass || fail "the certificate has mode $(mode "$dir/ca.pem"), wanted 644"
key_line=$(sed -n 2p "$dir/ca-key.pem")
lacks "the guide never shows the key" "$out" "$key_line"

run "a second run loads the same CA" 0 "$loupe" ca --dir "$dir"
has "it says it is Loupe's CA" "$out" "^Loupe's certificate authority"
run "loupe ca show is the same" 0 "$loupe" ca show --dir "$dir"

run "loupe ca path" 0 "$loupe" ca path --dir "$dir"
[ "$out" = "$dir/ca.pem" ] && pass || fail "loupe ca path printed '$out'"
run "LOUPE_HOME chooses the folder" 0 env LOUPE_HOME="$work/loupe-home" "$loupe" ca path
[ "$out" = "$work/loupe-home/ca/ca.pem" ] && pass || fail "with LOUPE_HOME, loupe ca path printed '$out'"

run "export PEM to standard output" 0 "$loupe" ca export --dir "$dir"
[ "$out" = "$(cat "$dir/ca.pem")" ] && pass || fail "the PEM export differs from ca.pem"
lacks "the export never holds the key" "$out" "$key_line"
run "export DER to a file" 0 "$loupe" ca export --format der -o f.der --dir "$dir"
has "it names the file" "$out" "Wrote the CA certificate \(DER\) to f.der"
if command -v openssl >/dev/null; then
    subject=$(openssl x509 -inform der -in f.der -noout -subject 2>&1)
    has "openssl reads the DER export" "$subject" "CN ?= ?Loupe CA "
    text=$(openssl x509 -in "$dir/ca.pem" -noout -text 2>&1)
    has "a CA that signs leaves only" "$text" "CA:TRUE, pathlen:0"
    has "its key usage" "$text" "Certificate Sign, CRL Sign"
    has "an ECDSA P-256 key" "$text" "prime256v1|P-256"
fi
if command -v script >/dev/null; then
    tty_out=$(script -qec "'$loupe' ca export --format der --dir '$dir'" /dev/null 2>&1)
    tty_status=$?
    [ "$tty_status" -eq 2 ] && pass || fail "DER to a terminal: exit $tty_status, wanted 2: $tty_out"
    has "DER to a terminal is refused with a sentence" "$tty_out" "DER is binary and standard output is a terminal"
fi

old=$(cat "$dir/ca.pem")
run "regenerate" 0 "$loupe" ca regenerate --dir "$dir"
has "it names the new CA" "$out" "Made a new certificate authority, Loupe CA"
has "it says old trust stops working" "$out" "no longer trust the proxy's certificates"
[ "$(cat "$dir/ca.pem")" != "$old" ] && pass || fail "regenerate left ca.pem unchanged"
lacks "regenerate never shows the key" "$out" "$(sed -n 2p "$dir/ca-key.pem")"

chmod 644 "$dir/ca-key.pem"
run "a key others can read is refused" 2 "$loupe" ca path --dir "$dir"
has "the refusal says how to fix it" "$err" "chmod 600 $dir/ca-key.pem"
chmod 600 "$dir/ca-key.pem"
echo "not a certificate" >"$dir/ca.pem"
run "a damaged certificate is refused" 2 "$loupe" ca --dir "$dir"
has "the refusal says to regenerate" "$err" "ca.pem is not a PEM certificate .*loupe ca regenerate"
run "regenerate repairs it" 0 "$loupe" ca regenerate --dir "$dir"
run "and the CA loads again" 0 "$loupe" ca path --dir "$dir"

# An RSA 2048 CA for clients that need RSA.
run "regenerate --key rsa" 0 "$loupe" ca regenerate --key rsa --dir "$dir"
has "it says RSA 2048" "$out" "\(RSA 2048\)"
text=$(openssl x509 -in "$dir/ca.pem" -noout -text 2>&1)
has "openssl reads an RSA key" "$text" "Public-Key: \(2048 bit\)"
has "signed with SHA-256 and RSA" "$text" "Signature Algorithm: sha256WithRSAEncryption"
[ "$(mode "$dir/ca-key.pem")" = 600 ] && pass || fail "the RSA key has mode $(mode "$dir/ca-key.pem"), wanted 600"
run "loupe ca shows the key type" 0 "$loupe" ca --dir "$dir"
has "key type line" "$out" "key type     RSA 2048"
lacks "the guide never shows the RSA key" "$out" "$(sed -n 2p "$dir/ca-key.pem")"
run "an unknown key type is refused" 64 "$loupe" ca regenerate --key dsa --dir "$dir"
has "the refusal names the choices" "$err" "'ecdsa' and 'rsa'"

finish
