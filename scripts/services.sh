#!/usr/bin/env bash
# Makes PostgreSQL (127.0.0.1:5432), Redis (127.0.0.1:6379) and NATS with JetStream (127.0.0.1:4222)
# answer, and espeak-ng present: starts what is installed but down, installs (apt-get, as root) what is
# missing, waits until each answers, and fails with a clear message otherwise. Also installs the Debian
# packages the tests drive for real: espeak-ng and sox (speech and audio), pocketsphinx with its en-US
# model (speech recognition), baresip (a SIP peer), chromium (the softphone's browser tests), postfix (the
# email tests' relay, run per test with its own config; never started as the system's mail server) and
# poppler-utils and qpdf (the letters' PDFs checked).
# Safe to run again.
set -uo pipefail

log() { printf 'services: %s\n' "$*"; }
die() { printf 'services: ERROR: %s\n' "$*" >&2; exit 1; }

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_port() { # name port seconds
  local i
  for ((i = 0; i < $3 * 10; i++)); do
    port_open "$2" && return 0
    sleep 0.1
  done
  die "$1 did not answer on 127.0.0.1:$2 within $3 s"
}

apt_updated=0
apt_install() {
  [ "$(id -u)" = 0 ] || die "$* missing and not root: install it (apt-get install $*)"
  if [ $apt_updated = 0 ]; then
    log "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null || die "apt-get update failed"
    apt_updated=1
  fi
  log "installing $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null || die "apt-get install $* failed"
}

postgres_up() {
  if port_open 5432; then return; fi
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    apt_install postgresql
  fi
  local version
  version=$(ls /etc/postgresql | sort -V | tail -1)
  # Tests connect as postgres over TCP without a password, as on the project's machines.
  local hba="/etc/postgresql/$version/main/pg_hba.conf"
  if ! grep -qE '^host\s+all\s+all\s+127\.0\.0\.1/32\s+trust' "$hba"; then
    sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
  fi
  log "starting PostgreSQL $version"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || die "PostgreSQL did not start"
  wait_port PostgreSQL 5432 30
}

redis_up() {
  if port_open 6379; then return; fi
  command -v redis-server >/dev/null || apt_install redis-server
  log "starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log || die "Redis did not start"
  wait_port Redis 6379 15
}

nats_up() {
  if port_open 4222; then return; fi
  command -v nats-server >/dev/null || [ -x /usr/sbin/nats-server ] || apt_install nats-server
  log "starting NATS with JetStream"
  mkdir -p /var/lib/nats-server
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
    -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log || die "NATS did not start"
  wait_port NATS 4222 15
}

tools_present() {
  local missing=()
  command -v espeak-ng >/dev/null || missing+=(espeak-ng)
  command -v sox >/dev/null || missing+=(sox)
  command -v pocketsphinx_continuous >/dev/null || missing+=(pocketsphinx)
  [ -d /usr/share/pocketsphinx/model/en-us ] || missing+=(pocketsphinx-en-us)
  command -v baresip >/dev/null || missing+=(baresip-core)
  command -v chromium >/dev/null || missing+=(chromium)
  command -v pdftotext >/dev/null || missing+=(poppler-utils)
  command -v qpdf >/dev/null || missing+=(qpdf)
  [ -x /usr/sbin/postfix ] || missing+=(postfix)
  if [ ${#missing[@]} -gt 0 ]; then
    # postfix asks what kind of mail server it is: none; the email tests run their own instance with its own config.
    [ "$(id -u)" = 0 ] && echo 'postfix postfix/main_mailer_type select No configuration' | debconf-set-selections
    apt_install "${missing[@]}"
  fi
}

postgres_up
redis_up
nats_up
tools_present
log "PostgreSQL, Redis, NATS (JetStream) answer; espeak-ng, sox, pocketsphinx, baresip, chromium, postfix, poppler-utils, qpdf present"
