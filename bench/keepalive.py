"""Median milliseconds of 11 GETs of PATH on one kept-alive connection to journal serve on 127.0.0.1 (as a
page's fetch sends them): python3 bench/keepalive.py PORT TOKEN PATH"""
import http.client
import statistics
import sys
import time

port, token, path = sys.argv[1:4]
connection = http.client.HTTPConnection("127.0.0.1", int(port), timeout=30)
times = []
for _ in range(11):
    start = time.perf_counter()
    connection.request("GET", path, headers={"Authorization": "Bearer " + token})
    response = connection.getresponse()
    response.read()
    if response.status != 200:
        sys.exit(f"keepalive.py: {path} answered {response.status}")
    times.append((time.perf_counter() - start) * 1000)
print(f"{statistics.median(times):.1f}")
