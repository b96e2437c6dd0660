"""/api/v1/bulk-data/: the bulk files of the current data revision, listed in Scryfall's shape."""

from __future__ import annotations

from typing import Any

from django.http import FileResponse, Http404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.schema import path_examples
from sitewide import bulkdata


class BulkDataSerializer(serializers.Serializer[dict[str, Any]]):
    object = serializers.CharField(help_text='Always "bulk_data".')
    type = serializers.CharField(help_text="cards, cards-csv, rules, rulings, glossary or worked-examples.")
    name = serializers.CharField()
    description = serializers.CharField()
    revision = serializers.IntegerField(help_text="The data revision the file was exported from.")
    updated_at = serializers.DateTimeField(help_text="When the data of this revision last changed.")
    size = serializers.IntegerField(help_text="Bytes of the gzip file as downloaded.")
    uncompressed_size = serializers.IntegerField()
    records = serializers.IntegerField(help_text="Cards, rules, rulings, terms or examples in the file.")
    content_type = serializers.CharField(help_text="The type of the file once decompressed.")
    content_encoding = serializers.CharField(help_text='"gzip": the download is the compressed file itself.')
    sha256 = serializers.CharField(help_text="SHA-256 (hex) of the downloaded bytes.")
    download_uri = serializers.URLField()
    uri = serializers.URLField(help_text="This item in the API.")


class BulkDataListSerializer(serializers.Serializer[dict[str, Any]]):
    object = serializers.CharField(help_text='Always "list".')
    revision = serializers.IntegerField()
    has_more = serializers.BooleanField()
    data = BulkDataSerializer(many=True)


def _item(request: Request, manifest: dict[str, Any], item: dict[str, Any]) -> dict[str, Any]:
    download = reverse("api:bulk-data-file", kwargs={"filename": item["filename"]})
    return {
        "object": "bulk_data",
        **{key: item[key] for key in ("type", "name", "description", "size", "uncompressed_size", "records",
                                      "content_type", "content_encoding", "sha256")},
        "revision": manifest["revision"],
        "updated_at": manifest["updated_at"],
        "download_uri": request.build_absolute_uri(download),
        "uri": request.build_absolute_uri(reverse("api:bulk-data-detail", kwargs={"kind": item["type"]})),
    }  # fmt: skip


class BulkDataListView(APIView):
    """Every bulk file of the current data revision; exported on first request after a data change."""

    @extend_schema(operation_id="bulk_data_list", responses={200: BulkDataListSerializer}, tags=["bulk-data"])
    def get(self, request: Request) -> Response:
        manifest = bulkdata.current_manifest()
        data = [_item(request, manifest, item) for item in manifest["files"]]
        return Response({"object": "list", "revision": manifest["revision"], "has_more": False, "data": data})


class BulkDataDetailView(APIView):
    """One bulk file by its type (cards, cards-csv, rules, rulings, glossary, worked-examples)."""

    @extend_schema(
        operation_id="bulk_data_retrieve",
        parameters=[path_examples("kind", "cards", "cards-csv", "rules")],
        responses={200: BulkDataSerializer},
        tags=["bulk-data"],
    )
    def get(self, request: Request, kind: str) -> Response:
        manifest = bulkdata.current_manifest()
        item = next((item for item in manifest["files"] if item["type"] == kind), None)
        if item is None:
            types = ", ".join(entry["type"] for entry in manifest["files"])
            raise Http404(f"No bulk file of type {kind!r}; the types are: {types}.")
        return Response(_item(request, manifest, item))


class BulkFileView(APIView):
    """The gzip file itself (Content-Type application/gzip; its SHA-256 is in the listing)."""

    @extend_schema(
        operation_id="bulk_data_download",
        responses={200: OpenApiResponse(OpenApiTypes.BINARY, description="The gzip file.")},
        tags=["bulk-data"],
    )
    def get(self, request: Request, filename: str) -> FileResponse:
        manifest = bulkdata.current_manifest()
        item = bulkdata.find_file(manifest, filename)
        if item is None:
            raise Http404(f"No bulk file named {filename!r} in revision {manifest['revision']}; see /api/v1/bulk-data/.")
        path = bulkdata.bulk_dir() / item["path"]
        return FileResponse(path.open("rb"), as_attachment=True, filename=filename, content_type="application/gzip")
