import pytest

from counterpart_server import CLUSTER_URL, running_server


@pytest.fixture(scope="module")
def base_url():
    """A server with the default settings (search counted, not enforced); the cluster's, in
    Scripts/test's cluster pass."""
    if CLUSTER_URL:
        yield CLUSTER_URL
        return
    with running_server() as url:
        yield url


@pytest.fixture(scope="module")
def limited_base_url():
    """A server enforcing GitHub's search allowance at 2 a minute."""
    with running_server("--rate-limit", "search=2/min") as url:
        yield url
