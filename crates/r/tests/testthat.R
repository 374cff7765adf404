library(testthat)
library(nonogramengine)

test_check("nonogramengine")
