#!/usr/bin/env bash
# Replaces the containers of one service one at a time (deploy/README.md, "Upgrading"): beside
# the running ones, one new container starts from the current image and configuration; once it
# is healthy and nginx has had time to find it, the oldest is stopped (SIGTERM: it stops being
# ready, drains and exits) and removed. No fewer processes than before ever serve.
#
#   deploy/rolling-restart.sh [service]      service: web (default) or worker
#
# HEALTH_TIMEOUT_SECONDS (default 180): longest wait for a new container to become healthy;
# if it does not, it is removed, the old ones keep serving and the script fails.
set -euo pipefail
cd "$(dirname "$0")/.."

servizio=${1:-web}
attesa_salute=${HEALTH_TIMEOUT_SECONDS:-180}
# nginx asks Docker's DNS for the web processes every 5 s (deploy/nginx/upstream.inc).
attesa_dns=${DNS_WAIT_SECONDS:-6}

contenitori() { docker compose ps -q "$servizio" | sort; }

attendi_sano() {
  local id=$1 stato fine=$((SECONDS + attesa_salute))
  while true; do
    stato=$(docker inspect --format '{{if .State.Health}}{{.State.Health.Status}}{{else}}nessun-controllo{{end}}' "$id")
    case $stato in
      healthy) return 0 ;;
      starting) ;;
      *) echo "Il container $id è $stato." >&2; return 1 ;;
    esac
    if ((SECONDS >= fine)); then
      echo "Il container $id non è sano dopo ${attesa_salute} s." >&2
      return 1
    fi
    sleep 2
  done
}

vecchi=$(contenitori)
quanti=$(grep -c . <<<"$vecchi" || true)
if ((quanti == 0)); then
  echo "Nessun container del servizio $servizio in esecuzione: avvialo con docker compose up -d." >&2
  exit 1
fi

# A stopped container of the service would be started again by --scale instead of a new one.
if [[ $(docker compose ps -aq "$servizio" | grep -c . || true) -ne $quanti ]]; then
  echo "Ci sono container di $servizio fermi: rimuovili con docker compose rm -f $servizio." >&2
  exit 1
fi

for vecchio in $vecchi; do
  prima=$(contenitori)
  docker compose up -d --no-deps --no-recreate --scale "$servizio=$((quanti + 1))" "$servizio"
  nuovo=$(comm -13 <(echo "$prima") <(contenitori))
  if [[ $(grep -c . <<<"$nuovo" || true) -ne 1 ]]; then
    echo "Atteso un nuovo container di $servizio, trovati: ${nuovo:-nessuno}." >&2
    exit 1
  fi
  if ! attendi_sano "$nuovo"; then
    docker stop "$nuovo" >/dev/null
    docker rm "$nuovo" >/dev/null
    echo "Aggiornamento interrotto: i container precedenti restano in servizio." >&2
    exit 1
  fi
  sleep "$attesa_dns"
  # Waits up to the container's stop_grace_period (docker-compose.yml) before killing it.
  docker stop "$vecchio" >/dev/null
  docker rm "$vecchio" >/dev/null
  echo "$servizio: $vecchio sostituito da $nuovo."
done
