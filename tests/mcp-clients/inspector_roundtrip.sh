#!/usr/bin/env bash
# A real MCP client (the MCP Inspector CLI 2.x) driving the endpoint end to end.
# Usage: inspector_roundtrip.sh URL API_KEY WORKSPACE_ID   (INSPECTOR: the inspector command)
set -euo pipefail
url=$1 key=$2 ws=$3
read -r -a inspector <<<"${INSPECTOR:?set INSPECTOR to the inspector command}"

run() { "${inspector[@]}" --cli "$url" --transport http --header "X-Api-Key: $key" "$@"; }
call() { local tool=$1; shift; run --method tools/call --tool-name "$tool" --tool-arg "workspaceId=$ws" "$@"; }
field() { python3 -c 'import json,sys; v=json.load(sys.stdin); [v:=v[k] if not k.isdigit() else v[int(k)] for k in sys.argv[1].split(".")]; print(v if isinstance(v,str) else json.dumps(v))' "$1"; }
check() { if [ "$1" != "$2" ]; then echo "FAILED: $3 (got '$1', want '$2')" >&2; exit 1; fi; echo "ok: $3"; }

tools=$(run --method tools/list | python3 -c 'import json,sys; print(",".join(t["name"] for t in json.load(sys.stdin)["tools"]))')
check "$tools" "list_links,get_link,get_link_qr,create_link,update_link,delete_link,bulk_create_links,get_link_analytics,get_workspace_analytics,list_tags,create_tag,update_tag,delete_tag,list_utm_templates,create_utm_template,delete_utm_template,list_domains,plan_import,import_links,get_import,export_links,export_clicks,list_webhooks,create_webhook,update_webhook,delete_webhook,report_conversion" "tools/list shows every tool"

created=$(call create_link --tool-arg name=Inspector \
    --tool-arg 'rules=[{"targetUrl":"https://example.com/m","isDefault":false,"device":["mobile"]},{"targetUrl":"https://example.com/","isDefault":true}]')
check "$(field isError <<<"$created")" "false" "create_link succeeded"
id=$(field structuredContent.id <<<"$created")

got=$(call get_link --tool-arg "linkId=$id")
check "$(field structuredContent.name <<<"$got")" "Inspector" "get_link reads it back"
check "$(field structuredContent.rules.0.device <<<"$got")" '["mobile"]' "get_link shows the rules"

qr=$(call get_link_qr --tool-arg "linkId=$id")
check "$(field content.0.type <<<"$qr")" "text" "get_link_qr gives the SVG as a text item"
svg=$(field content.0.text <<<"$qr")
check "${svg:0:4}" "<svg" "the text item is an SVG document"

listed=$(call list_links --tool-arg search=inspector)
check "$(field structuredContent.links.0.id <<<"$listed")" "$id" "list_links finds it"

updated=$(call update_link --tool-arg "linkId=$id" --tool-arg "name=Inspector v2")
check "$(field structuredContent.message <<<"$updated")" "Link updated." "update_link changed it"
check "$(call get_link --tool-arg "linkId=$id" | field structuredContent.name)" "Inspector v2" "the change reads back"

stats=$(call get_link_analytics --tool-arg "linkId=$id")
check "$(field structuredContent.totals.total <<<"$stats")" "0" "get_link_analytics answers"
check "$(call get_workspace_analytics | field isError)" "false" "get_workspace_analytics answers"
tag=$(call create_tag --tool-arg "name=Inspector $$" --tool-arg "color=#2f855a")
check "$(field isError <<<"$tag")" "false" "create_tag made a tag"
tag_id=$(field structuredContent.id <<<"$tag")
check "$(call list_tags | python3 -c 'import json,sys; print(any(t["id"]==sys.argv[1] for t in json.load(sys.stdin)["structuredContent"]["tags"]))' "$tag_id")" "True" "list_tags lists it"
check "$(call list_domains | field structuredContent.domains.0.isDefault)" "true" "list_domains starts with the default domain"

# The Inspector CLI declares no elicitation, so it cannot be asked: without confirm, the result
# is an error (which the CLI turns into its own error) and the link stays.
unconfirmed=$(call delete_link --tool-arg "linkId=$id" 2>&1 || true)
case "$unconfirmed" in *"returned isError:true"*) echo "ok: delete_link without confirm deletes nothing" ;; *) echo "FAILED: $unconfirmed" >&2; exit 1 ;; esac
check "$(call get_link --tool-arg "linkId=$id" | field structuredContent.name)" "Inspector v2" "the link is still there"
check "$(call delete_tag --tool-arg "tagId=$tag_id" --tool-arg confirm=true | field isError)" "false" "delete_tag with confirm deleted the tag"
deleted=$(call delete_link --tool-arg "linkId=$id" --tool-arg confirm=true)
check "$(field structuredContent.message <<<"$deleted")" 'Link "Inspector v2" deleted.' "delete_link deleted it"
if gone=$(call get_link --tool-arg "linkId=$id" 2>&1); then
    echo "FAILED: a deleted link is still readable: $gone" >&2
    exit 1
fi
case "$gone" in *"Link not found."*) echo "ok: a deleted link is gone" ;; *) echo "FAILED: $gone" >&2; exit 1 ;; esac
echo "mcp inspector cli: round trip passed"
