"""Map pins read by the `geojson` package (python-geojson), a GeoJSON library nobody here wrote:
the FeatureCollections of GET /pins and GET /pins/clusters must be valid RFC 7946 objects to it,
and its geometry must put each pin where the plain JSON says (api.md §5.2)."""

import json
import urllib.request

import geojson

GEOJSON = {"Accept": "application/geo+json"}


def fetch(url: str, headers: dict | None = None):
    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.headers, response.read()


def test_pins_are_valid_geojson_in_the_same_places(base_url):
    query = "/pins?lat=35.6812&lon=139.7671&radius=2000"
    headers, body = fetch(base_url + query, GEOJSON)
    assert headers["Content-Type"] == "application/geo+json"
    collection = geojson.loads(body)
    assert isinstance(collection, geojson.FeatureCollection)
    assert collection.is_valid, collection.errors()
    _, plain = fetch(base_url + query)
    pins = json.loads(plain)
    assert [feature["id"] for feature in collection["features"]] == [pin["id"] for pin in pins]
    for feature, pin in zip(collection["features"], pins):
        assert feature["geometry"]["coordinates"] == [pin["longitude"], pin["latitude"]], "GeoJSON is [lon, lat]"
        assert feature["properties"]["distanceMeters"] == pin["distanceMeters"]
    assert collection["totalCount"] == int(headers["X-Total-Count"])


def test_clusters_across_the_antimeridian_are_valid_geojson(base_url):
    _, body = fetch(base_url + "/pins/clusters?bbox=177,-20,-178,-16&zoom=4")
    collection = geojson.loads(body)
    assert collection.is_valid, collection.errors()
    counts = [feature["properties"].get("point_count", 1) for feature in collection["features"]]
    assert sum(counts) == 300, "Suva's 300 pins, each in exactly one feature"
    assert collection["bbox"][0] > collection["bbox"][2], "west > east across the antimeridian"
