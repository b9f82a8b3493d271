// name: bench_server_cpu
// params: none
// returns: nanos (the server process's CPU time so far, from its operating-system MBean)
CALL dbms.queryJmx('java.lang:type=OperatingSystem') YIELD attributes
RETURN attributes.ProcessCpuTime.value AS nanos
