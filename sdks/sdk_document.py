#!/usr/bin/env python3
"""The OpenAPI document the SDKs are generated from, cut from docs/openapi.json.

Usage: sdks/sdk_document.py docs/openapi.json > sdks/openapi.sdk.json

What it keeps and changes, and why:
- only the HTTP API under /apiv1 that a key drives (GET, POST, PUT, DELETE): not the MCP
  endpoint (an MCP client speaks to it), the reference page and the document itself, the
  visitor door (browsers call it), nor the HEAD twins of the GETs;
- `workspaceId` leaves every request: the clients set it once and add it to each call (the
  query string of a GET, the JSON body otherwise), so no call has to repeat it;
- a `oneOf` whose members only say which properties must be present (a create takes `rules`
  or `url`) is left out: generators cannot model it and fall back to an untyped body, while the
  service answers a request missing both with the contract's 400 sentence;
- the id of what an update or a delete is about (`linkId`, `tagId`, `templateId`, `webhookId`)
  is not required in its body: the methods take it as their first argument and fill it in;
- a `oneOf` of string constants (each with its own description) becomes one `enum` of the same
  values: openapi-python-client 0.29.1 parses such a `oneOf` by its first member only and
  refuses every other value;
- the components nothing kept refers to are dropped, so no model is generated for them.

Everything else (schemas, descriptions, statuses) is the document's own, byte for byte.
"""

import copy
import json
import sys

API = "/apiv1/"
NOT_FOR_SDKS = ("/apiv1/mcp", "/apiv1/docs", "/apiv1/openapi.json")
METHODS = ("get", "post", "put", "delete")
WORKSPACE = "workspaceId"
SUBJECT_IDS = ("linkId", "tagId", "templateId", "webhookId")


def kept_paths(paths):
    for path, item in paths.items():
        if not path.startswith(API) or path.startswith(NOT_FOR_SDKS):
            continue
        operations = {m: op for m, op in item.items() if m in METHODS}
        if operations:
            yield path, operations


def without_workspace_parameter(operation):
    parameters = [p for p in operation.get("parameters", []) if p.get("name") != WORKSPACE]
    if parameters:
        operation["parameters"] = parameters
    else:
        operation.pop("parameters", None)


def request_schema_names(operations):
    for operation in operations.values():
        for media in operation.get("requestBody", {}).get("content", {}).values():
            ref = media.get("schema", {}).get("$ref", "")
            if ref.startswith("#/components/schemas/"):
                yield ref.rsplit("/", 1)[1]


def without_workspace_property(schema):
    schema.get("properties", {}).pop(WORKSPACE, None)
    if "required" in schema:
        schema["required"] = [r for r in schema["required"] if r != WORKSPACE and r not in SUBJECT_IDS]
        if not schema["required"]:
            del schema["required"]


def without_presence_one_of(node):
    """Drops every `oneOf` whose members carry nothing but `required` (and a `title`)."""
    if isinstance(node, dict):
        one_of = node.get("oneOf")
        if isinstance(one_of, list) and all(set(m) <= {"required", "title"} for m in one_of):
            del node["oneOf"]
        for value in node.values():
            without_presence_one_of(value)
    elif isinstance(node, list):
        for value in node:
            without_presence_one_of(value)


def constants_as_enum(node):
    """Rewrites every `oneOf` whose members are all string `const`s as an `enum` of them."""
    if isinstance(node, dict):
        one_of = node.get("oneOf")
        if (
            isinstance(one_of, list)
            and one_of
            and all(isinstance(m, dict) and "const" in m and m.get("type") == "string" for m in one_of)
        ):
            del node["oneOf"]
            node["type"] = "string"
            node["enum"] = [m["const"] for m in one_of]
            meanings = "; ".join(f"`{m['const']}`: {m['description']}" for m in one_of if "description" in m)
            if meanings:
                node["description"] = (node["description"] + "\n\n" if "description" in node else "") + meanings
        for value in node.values():
            constants_as_enum(value)
    elif isinstance(node, list):
        for value in node:
            constants_as_enum(value)


def strip_examples_workspace(operation):
    """Request examples drop the field too (it is no longer in the schema)."""
    for media in operation.get("requestBody", {}).get("content", {}).values():
        example = media.get("example")
        if isinstance(example, dict):
            example.pop(WORKSPACE, None)


def drop_response_links(operation):
    """OpenAPI `links` name `$request.body#/workspaceId`, which requests no longer carry."""
    for response in operation.get("responses", {}).values():
        response.pop("links", None)


def references(node, found):
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/"):
            found.add(tuple(ref.split("/")[2:4]))
        for value in node.values():
            references(value, found)
    elif isinstance(node, list):
        for value in node:
            references(value, found)


def reachable_components(document):
    """Every (section, name) of components that the paths reach, transitively."""
    found = set()
    references(document["paths"], found)
    pending = list(found)
    while pending:
        section, name = pending.pop()
        more = set()
        references(document["components"][section][name], more)
        for item in more - found:
            found.add(item)
            pending.append(item)
    return found


def sdk_document(source):
    document = copy.deepcopy(source)
    document["paths"] = dict(kept_paths(source["paths"]))
    request_schemas = set()
    for operations in document["paths"].values():
        request_schemas.update(request_schema_names(operations))
        for operation in operations.values():
            without_workspace_parameter(operation)
            strip_examples_workspace(operation)
            drop_response_links(operation)
    for name in request_schemas:
        without_workspace_property(document["components"]["schemas"][name])
    without_presence_one_of(document["components"]["schemas"])
    constants_as_enum(document["components"]["schemas"])
    keep = reachable_components(document)
    for section, entries in document["components"].items():
        if section == "securitySchemes":
            continue
        for name in list(entries):
            if (section, name) not in keep:
                del entries[name]
    used_tags = {t for ops in document["paths"].values() for op in ops.values() for t in op.get("tags", [])}
    document["tags"] = [t for t in document.get("tags", []) if t["name"] in used_tags]
    return document


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: sdks/sdk_document.py docs/openapi.json > sdks/openapi.sdk.json")
    with open(sys.argv[1], encoding="utf-8") as f:
        source = json.load(f)
    json.dump(sdk_document(source), sys.stdout, indent=2, sort_keys=True, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
